import { apiRaw } from '#client/lib/api.ts';

/** Characters no file system accepts; a client named « A/B » still gets a file. */
function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').trim();
}

/** Saves a blob under a chosen name through a temporary <a download>. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = safeFileName(fileName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file through the one API wrapper (so errors carry the server's message) and saves it. */
export async function downloadFile(path: string, fileName: string, init?: RequestInit & { json?: unknown }) {
  const response = await apiRaw(path, init);
  saveBlob(await response.blob(), fileName);
}
