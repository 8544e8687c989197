/**
 * Full-page navigations, in one place so tests can observe them (jsdom cannot navigate), and the
 * hand-over of a downloaded file to the browser's own save.
 */
export const browser = {
  /** Go to a URL, keeping the current page in history. */
  assign(url: string) {
    window.location.assign(url);
  },
  /** Go to a URL, replacing the current page in history. */
  replace(url: string) {
    window.location.replace(url);
  },
  /** Saves a downloaded file under `fileName` through a temporary link, as a click on a download link would. */
  saveFile(blob: Blob, fileName: string) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // Some browsers start reading the file after the click returns: the URL lives a little longer.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
