/**
 * Forms that cost what a hostile manager can make them cost within the interpreter's bounds (decision
 * 0030): for the box's tests (decision 0031). Not used by the product.
 */

/** A list of `n` numbers, written as the rule language writes one. */
const numbers = (n: number) => ({ merge: Array.from({ length: n }, (_, i) => i) });

/** A rule of about 4 * n * n steps (n = 150: ~90,000, just under the 100,000-step bound), giving 1. */
export const heavyRule = (n = 150) => ({
  if: [{ map: [numbers(n), { map: [numbers(n), { '+': [1, 1] }] }] }, 1, 0],
});

/** A form of `count` questions whose calculated value is a rule just under the step bound. */
export function slowForm(count: number) {
  return {
    display: 'form',
    components: Array.from({ length: count }, (_, i) => ({
      type: 'number',
      key: `slow${i}`,
      label: `Slow question ${i}`,
      input: true,
      calculateValue: heavyRule(),
    })),
  };
}
