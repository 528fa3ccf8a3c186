import { useEffect, useId, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { UPLOAD_MAX_LABEL } from '@fpa/write-model/validation';
import { formatFileSize } from '../../app/format';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { cx } from '../../ui/cx';
import { requiredLabel } from '../../ui/field.css';
import { Spinner } from '../../ui/Spinner';
import * as styles from './fileUpload.css';
import { ACCEPTED_FILE_TYPES, UPLOAD_MESSAGES, UploadError, uploadFile, type UploadedFile, type UploadFailure } from './upload';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; file: File }
  | { status: 'done'; file: File; uploaded: UploadedFile }
  | { status: 'failed'; file: File; kind: UploadFailure; detail?: string | undefined; retryable: boolean };

export type FileUploadProps = {
  /** The document's name ('Death certificate'); also names the buttons ('Choose file for ...'). */
  label: string;
  isRequired?: boolean;
  /** The stored file's objectPath, '' while there is none. */
  value: string;
  onChange: (objectPath: string) => void;
  /** The form's message for this field (e.g. 'Death certificate is required'). */
  errorMessage?: string | undefined;
  /** Replaceable for tests and other stores; defaults to the REST upload of spec part 2 §7. */
  upload?: (file: File, signal: AbortSignal) => Promise<UploadedFile>;
};

const HINT = `Image, PDF, DOC or DOCX, up to ${UPLOAD_MAX_LABEL}`;

function statusText(state: UploadState): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'uploading':
      return 'Uploading...';
    case 'done':
      return 'Uploaded';
    case 'failed': {
      const message = UPLOAD_MESSAGES[state.kind];
      return `${message.title} - ${state.detail ?? message.description}`;
    }
  }
}

/**
 * One document, one file at a time (spec part 1 §7): choose a file, it is checked against the
 * 10 MB limit and uploaded at once; the field holds the stored path once the upload is done. A
 * failed upload can be retried with the same file or replaced by another.
 */
export function FileUpload({ label, isRequired, value, onChange, errorMessage, upload = uploadFile }: FileUploadProps) {
  const { toast } = useToast();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const buttons = useRef<HTMLDivElement>(null);
  // The first button is always the file chooser: where focus goes when the button pressed disappears.
  const focusChooser = () => buttons.current?.querySelector<HTMLButtonElement>('button')?.focus();
  const id = useId();
  const [labelId, hintId, statusId, errorId] = [`${id}-label`, `${id}-hint`, `${id}-status`, `${id}-error`];

  useEffect(() => () => controller.current?.abort(), []);
  // The form was reset (or the value cleared elsewhere): forget the file shown.
  useEffect(() => {
    if (!value) setState((current) => (current.status === 'done' ? { status: 'idle' } : current));
  }, [value]);

  const start = async (file: File) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    onChange('');
    setState({ status: 'uploading', file });
    try {
      const uploaded = await upload(file, own.signal);
      if (own.signal.aborted) return;
      setState({ status: 'done', file, uploaded });
      onChange(uploaded.objectPath);
    } catch (error) {
      if (own.signal.aborted) return;
      const kind: UploadFailure = error instanceof UploadError ? error.kind : 'failed';
      const detail = error instanceof UploadError ? error.detail : undefined;
      const retryable = error instanceof UploadError ? error.retryable : true;
      setState({ status: 'failed', file, kind, detail, retryable });
      toast({ ...UPLOAD_MESSAGES[kind], variant: 'destructive' });
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
    onChange('');
    focusChooser();
  };

  const file = state.status === 'idle' ? null : state.file;
  const name = state.status === 'done' ? state.uploaded.originalName : file?.name;
  const size = state.status === 'done' ? state.uploaded.size : file?.size;
  const describedBy = [file ? statusId : hintId, errorMessage ? errorId : null].filter(Boolean).join(' ');

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className={styles.field} data-status={state.status}>
      <span id={labelId} className={cx(styles.label, isRequired && requiredLabel)} data-required={isRequired || undefined}>
        {label}
      </span>
      <div className={styles.box} data-invalid={errorMessage ? 'true' : undefined} data-status={state.status}>
        <div className={styles.summary}>
          <span className={styles.fileIcon} aria-hidden="true">
            {state.status === 'done' ? (
              <Icon name="check" size={18} />
            ) : state.status === 'failed' ? (
              <Icon name="alert" size={18} />
            ) : (
              <Icon name="upload" size={18} />
            )}
          </span>
          <span className={styles.text}>
            {file ? (
              <>
                <span className={styles.name}>{name}</span>
                <span className={styles.meta}>{formatFileSize(size)}</span>
              </>
            ) : (
              <span className={styles.meta}>No file chosen</span>
            )}
            {!file && (
              <span id={hintId} className={styles.meta}>
                {HINT}
              </span>
            )}
            {/* Always mounted, so the change to "Uploaded" or a failure is announced. */}
            <span id={statusId} className={styles.status} data-status={state.status} aria-live="polite">
              {state.status === 'uploading' && <Spinner label={`Uploading ${label}`} size={14} />}
              {statusText(state)}
            </span>
          </span>
        </div>
        <div ref={buttons} className={styles.buttons}>
          <FileTrigger acceptedFileTypes={ACCEPTED_FILE_TYPES} onSelect={(files) => files?.[0] && void start(files[0])}>
            <Button variant="secondary" size="sm" aria-label={`${file ? 'Replace file' : 'Choose file'} for ${label}`}>
              {file ? 'Replace file' : 'Choose file'}
            </Button>
          </FileTrigger>
          {state.status === 'uploading' && (
            <Button variant="ghost" size="sm" aria-label={`Cancel upload of ${label}`} onPress={cancel}>
              Cancel
            </Button>
          )}
          {state.status === 'failed' && state.retryable && (
            <Button
              variant="primary"
              size="sm"
              aria-label={`Retry upload of ${label}`}
              onPress={() => {
                focusChooser();
                void start(state.file);
              }}
            >
              Retry
            </Button>
          )}
          {(state.status === 'done' || state.status === 'failed') && (
            <Button variant="ghost" size="sm" aria-label={`Remove ${label}`} onPress={cancel}>
              Remove
            </Button>
          )}
        </div>
      </div>
      {errorMessage && (
        <p id={errorId} className={styles.error}>
          {errorMessage}
        </p>
      )}
    </div>
  );
}
