/**
 * Saves downloaded bytes under `fileName`: the media service wants the session's token, so the file is
 * fetched by the client and handed to the browser through an object URL rather than a plain link.
 */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download only after click() returns: the URL must outlive this turn.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
