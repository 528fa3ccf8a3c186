import { CSV_MESSAGES, type CsvPolicyTypeRef } from '@fpa/write-model/validation';
import { useCallback, useReducer, useRef } from 'react';
import { useClient } from 'urql';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { MEMBER_CHANGE_CONTEXT } from '../members.operations';
import { ImportMembersMutation } from './bulkUpload.operations';
import { bulkUploadReducer, INITIAL_BULK_STATE } from './bulkUploadState';
import { runImport, toChunks, type Chunk, type ChunkAnswer } from './chunks';
import { isCsvFile, parseMembersCsv, validateRows } from './csv';

/** Lets the "Validating..." state paint before a large file keeps the main thread busy. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The Bulk Upload dialog's behaviour: choose, parse, validate, then upload in chunks (spec §4, §5, §8). */
export function useBulkUpload(policyTypes: readonly CsvPolicyTypeRef[]) {
  const client = useClient();
  const { toast } = useToast();
  const [state, dispatch] = useReducer(bulkUploadReducer, INITIAL_BULK_STATE);
  const stopRequested = useRef(false);

  const chooseFile = useCallback(
    async (file: File) => {
      const [title, description] = CSV_MESSAGES.invalidFile.split(' - ');
      if (!isCsvFile(file)) {
        toast({ title: title!, description, variant: 'destructive' });
        return;
      }
      dispatch({ type: 'fileChosen', fileName: file.name });
      await nextFrame();
      const parsed = parseMembersCsv(await file.text());
      if (!parsed.ok) {
        if (parsed.reason === 'empty') {
          dispatch({ type: 'emptyFile' });
          toast({
            title: CSV_MESSAGES.emptyFile,
            description: 'The file needs a header row and at least one member row.',
            variant: 'destructive',
          });
        } else {
          dispatch({ type: 'parseFailed', problems: parsed.problems });
          toast({
            title: 'File parsing failed',
            description: 'Could not parse the CSV file. Please check the format.',
            variant: 'destructive',
          });
        }
        return;
      }
      const problems = validateRows(parsed.rows, policyTypes);
      dispatch({ type: 'validated', rows: parsed.rows, problems, missingColumns: parsed.missingColumns });
      if (problems.length > 0) {
        toast({
          title: 'Validation errors found',
          description: `${problems.length} rows have validation errors. Please fix them before uploading.`,
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Validation successful', description: `${parsed.rows.length} members are ready to upload.` });
      }
    },
    [policyTypes, toast],
  );

  const sendChunk = useCallback(
    async (importId: string, chunk: Chunk): Promise<ChunkAnswer> => {
      const result = await client.mutation(ImportMembersMutation, { input: { importId, ...chunk } }, MEMBER_CHANGE_CONTEXT).toPromise();
      if (result.error || !result.data) throw new Error(result.error ? errorMessage(result.error) : 'The server sent an empty answer');
      return result.data.importMembers;
    },
    [client],
  );

  const upload = useCallback(async () => {
    if (!state.ready) return;
    // A retry resumes the same import: the server answers an already imported chunk the same way.
    const importId = state.uploadError && state.importId ? state.importId : crypto.randomUUID();
    const from = importId === state.importId ? state.progress : undefined;
    stopRequested.current = false;
    dispatch({ type: 'uploadStarted', importId });
    const outcome = await runImport({
      chunks: toChunks(state.rows),
      send: (chunk) => sendChunk(importId, chunk),
      onProgress: (progress) => dispatch({ type: 'progressed', progress }),
      shouldStop: () => stopRequested.current,
      from,
    });
    const { uploaded, failed } = outcome.progress;
    if (outcome.kind === 'failed') {
      dispatch({ type: 'uploadInterrupted', progress: outcome.progress, message: outcome.message });
      toast({ title: 'Upload failed', description: outcome.message, variant: 'destructive' });
    } else if (outcome.kind === 'stopped') {
      const message = `Upload stopped: ${uploaded} members uploaded, ${state.rows.length - outcome.progress.rowsSent} rows not sent.`;
      dispatch({ type: 'uploadInterrupted', progress: outcome.progress, message });
    } else if (failed.length > 0) {
      dispatch({ type: 'uploadEnded', progress: outcome.progress });
      toast({
        title: 'Upload completed with errors',
        description: `${uploaded} members uploaded successfully, ${failed.length} failed.`,
        variant: 'destructive',
      });
    } else {
      dispatch({ type: 'uploadEnded', progress: outcome.progress });
      toast({ title: 'Upload completed successfully', description: `${uploaded} members uploaded successfully.` });
    }
  }, [state, sendChunk, toast]);

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, chooseFile, upload, stop, reset };
}
