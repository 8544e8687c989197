/**
 * Full-page navigations, in one place so tests can observe them (jsdom cannot navigate).
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
};
