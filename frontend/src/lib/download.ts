/**
 * Hands a file made in the browser to the person (a CSV export, a PDF the API sent as base64): a Blob behind a temporary link with `download`, so no
 * server round trip and no pop-up. The object URL is released once the click has been handled.
 */
export function downloadFile(fileName: string, contents: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
