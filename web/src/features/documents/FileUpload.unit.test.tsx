import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../app/authToken';
import { formatFileSize } from '../../app/format';
import { sessionHandler } from '../../test/graphql';
import { renderWithProviders } from '../../test/render';
import { FileUpload } from './FileUpload';
import { MAX_UPLOAD_BYTES } from './upload';

const UPLOAD_URL = 'http://localhost/api/objects/uploads/slot1?token=t1';

function fileOf(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

type Reply = { status: number; body: unknown };

/** fetch as the gateway would answer: the upload-URL call, then the PUT with `put`'s answer(s). */
function stubFetch(...puts: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  let putIndex = 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    if (url === '/api/objects/upload') return Response.json({ uploadURL: UPLOAD_URL });
    const reply = puts[Math.min(putIndex++, puts.length - 1)]!;
    return Response.json(reply.body, { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness({ onChange }: { onChange: (path: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <FileUpload
      label="Death certificate"
      isRequired
      value={value}
      onChange={(path) => {
        setValue(path);
        onChange(path);
      }}
    />
  );
}

function renderUpload() {
  const onChange = vi.fn();
  renderWithProviders(<Harness onChange={onChange} />, sessionHandler(null));
  return onChange;
}

async function choose(file: File) {
  const group = await screen.findByRole('group', { name: 'Death certificate' });
  const input = group.querySelector('input[type="file"]') as HTMLInputElement;
  act(() => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  return group;
}

describe('formatFileSize (spec part 2 §9: base 1024, Bytes to GB, two decimals)', () => {
  it('formats each unit', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe('10 MB');
    expect(formatFileSize(3 * 1024 ** 3 + 1024 ** 3 / 4)).toBe('3.25 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
    expect(formatFileSize(null)).toBe('0 Bytes');
  });
});

describe('file upload widget', { timeout: 20_000 }, () => {
  it('accepts images, PDF, DOC and DOCX, one file at a time', async () => {
    renderUpload();
    const group = await screen.findByRole('group', { name: 'Death certificate' });
    const input = group.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(false);
    expect(input.accept).toContain('image/*');
    for (const type of ['application/pdf', '.doc', '.docx']) expect(input.accept).toContain(type);
    expect(within(group).getByRole('button', { name: 'Choose file for Death certificate' })).toBeTruthy();
  });

  it('uploads: asks for a URL, PUTs the body with its type, name, cookies and token, and keeps the objectPath', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const calls = stubFetch({
      status: 200,
      body: { objectPath: '/objects/uploads/slot1', size: 2048, contentType: 'application/pdf', originalName: 'death cert.pdf' },
    });
    const onChange = renderUpload();
    const group = await choose(fileOf('death cert.pdf', 2048));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('/objects/uploads/slot1'));

    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[1]!.url).toBe(UPLOAD_URL);
    expect(calls[1]!.init.method).toBe('PUT');
    expect(calls[1]!.init.credentials).toBe('include');
    expect(calls[1]!.init.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'X-File-Name': 'death%20cert.pdf',
      Authorization: 'Bearer tok',
    });
    expect(calls[1]!.init.body).toBeInstanceOf(File);

    expect(within(group).getByText('death cert.pdf')).toBeTruthy();
    expect(within(group).getByText('2 KB')).toBeTruthy();
    expect(within(group).getByText('Uploaded')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Replace file for Death certificate' })).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Remove Death certificate' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(within(group).getByText('No file chosen')).toBeTruthy();
  });

  it('refuses a file over 10 MB before sending anything', async () => {
    const calls = stubFetch({ status: 200, body: {} });
    const onChange = renderUpload();
    const group = await choose(fileOf('scan.pdf', MAX_UPLOAD_BYTES + 1));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('File too large'));
    expect(alert.textContent).toContain('File size must be less than 10MB');
    expect(calls).toHaveLength(0);
    expect(within(group).getByText('File too large - File size must be less than 10MB')).toBeTruthy();
    expect(within(group).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/objects/));
  });

  it('a file of exactly 10 MB is sent', async () => {
    const calls = stubFetch({
      status: 200,
      body: { objectPath: '/objects/uploads/x', size: MAX_UPLOAD_BYTES, contentType: 'application/pdf', originalName: 'big.pdf' },
    });
    const onChange = renderUpload();
    await choose(fileOf('big.pdf', MAX_UPLOAD_BYTES));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('/objects/uploads/x'));
    expect(calls).toHaveLength(2);
  });

  it("a 413 from the server says 'File too large'", async () => {
    stubFetch({ status: 413, body: { message: 'File too large - File size must be less than 10MB', code: 'PAYLOAD_TOO_LARGE' } });
    renderUpload();
    const group = await choose(fileOf('scan.pdf', 4000));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('File too large'));
    expect(screen.getByRole('alert').textContent).toContain('File size must be less than 10MB');
    expect(within(group).getByText('File too large - File size must be less than 10MB')).toBeTruthy();
  });

  it("any other failure says 'Upload failed' and offers Retry, which sends the same file again", async () => {
    const calls = stubFetch(
      { status: 500, body: { message: 'An unexpected error occurred', code: 'INTERNAL' } },
      {
        status: 200,
        body: { objectPath: '/objects/uploads/second', size: 4000, contentType: 'application/pdf', originalName: 'scan.pdf' },
      },
    );
    const onChange = renderUpload();
    const group = await choose(fileOf('scan.pdf', 4000));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Upload failed'));
    expect(screen.getByRole('alert').textContent).toContain('There was an error uploading your file');
    expect(within(group).getByText(/^Upload failed - /)).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Retry upload of Death certificate' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('/objects/uploads/second'));
    expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(2);
    expect(within(group).getByText('Uploaded')).toBeTruthy();
  });

  it('a refused upload URL is logged and shown as Upload failed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Unauthorized' }, { status: 401 })),
    );
    renderUpload();
    await choose(fileOf('scan.pdf', 4000));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Upload failed'));
    expect(error).toHaveBeenCalled();
  });
});

describe('file upload widget: refused content', { timeout: 20_000 }, () => {
  it("a 415 says 'Upload failed' with the server's reason and offers no Retry", async () => {
    stubFetch({ status: 415, body: { message: 'This type of file cannot be uploaded.', code: 'UNSUPPORTED_MEDIA_TYPE' } });
    renderUpload();
    const group = await choose(fileOf('notes.pdf', 40));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Upload failed'));
    expect(within(group).getByText('Upload failed - This type of file cannot be uploaded.')).toBeTruthy();
    expect(within(group).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(group).getByRole('button', { name: 'Replace file for Death certificate' })).toBeTruthy();
  });
});
