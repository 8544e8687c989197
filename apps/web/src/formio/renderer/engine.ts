/**
 * The form engine (@dcf/forms with Form.io's processors, about 170 kB gzip) is loaded in a chunk of its
 * own, after the page and its questions: a clerk can start typing before it arrives. Until then
 * questions shown only under a condition stay hidden, and nothing is checked.
 */
export type Engine = Pick<typeof import('@dcf/forms'), 'evaluateForm' | 'defaultAnswers' | 'pagesWithErrors'>;

export let loadedEngine: Engine | undefined;
let loading: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  loading ??= import('@dcf/forms')
    .then((engine) => {
      loadedEngine = engine;
      return engine;
    })
    .catch((error: unknown) => {
      // Forgotten, so the next form tries again.
      loading = undefined;
      throw error;
    });
  return loading;
}
