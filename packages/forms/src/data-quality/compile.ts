import type { DataQualityCheck } from '@dcf/domain/data-quality';

/**
 * The editor's checks compiled to JSON Logic (decision 0028). A compiled rule is true when the return
 * passes. A rule never nags about a figure that is not there yet: a check passes while any answer it
 * compares (or the previous return, or last period's statistics) is missing; required questions are
 * the form's own business. `grid.column` means the column's total over the grid's rows.
 */

type Logic = unknown;

const TOLERANCE = 1e-9;

const split = (path: string) => {
  const [first, column] = path.split('.') as [string, string | undefined];
  return { first, column };
};

/** The number a field path stands for in `answers` or `previous`: the answer, or the column's total. */
export function valueLogic(root: 'answers' | 'previous', path: string): Logic {
  const { first, column } = split(path);
  if (column === undefined) return { '+': [{ var: `${root}.${first}` }] };
  return {
    reduce: [
      { var: `${root}.${first}` },
      { '+': [{ var: 'accumulator' }, { var: [`current.${column}`, 0] }] },
      0,
    ],
  };
}

/** True while a field path has no answer (a grid without rows has no column total). */
export function missingLogic(root: 'answers' | 'previous', path: string): Logic {
  return { in: [{ var: `${root}.${split(path).first}` }, [null, '']] };
}

const abs = (logic: Logic): Logic => ({ max: [logic, { '-': [logic] }] });

const passWhenMissing = (missing: Logic[], check: Logic): Logic => ({ if: [{ or: missing }, true, check] });

/** The JSON Logic of a check (an expert's own logic as it is). */
export function compileCheck(check: DataQualityCheck): Logic {
  switch (check.kind) {
    case 'compare':
      return passWhenMissing([missingLogic('answers', check.left), missingLogic('answers', check.right)], {
        [check.operator]: [valueLogic('answers', check.left), valueLogic('answers', check.right)],
      });
    case 'sum':
      return passWhenMissing(
        [check.total, ...check.parts].map((path) => missingLogic('answers', path)),
        {
          '<=': [
            -TOLERANCE,
            {
              '-': [
                valueLogic('answers', check.total),
                { '+': check.parts.map((p) => valueLogic('answers', p)) },
              ],
            },
            TOLERANCE,
          ],
        },
      );
    case 'change': {
      const difference = abs({
        '-': [valueLogic('answers', check.field), valueLogic('previous', check.field)],
      });
      const tooBig: Logic[] = [];
      if (check.amount !== null) tooBig.push({ '>': [difference, check.amount] });
      if (check.percent !== null)
        tooBig.push({
          '>': [difference, { '*': [check.percent / 100, abs(valueLogic('previous', check.field))] }],
        });
      return passWhenMissing([missingLogic('answers', check.field), missingLogic('previous', check.field)], {
        '!': [{ and: tooBig }],
      });
    }
    case 'range': {
      const [low, high] = check.bounds === 'minMax' ? ['min', 'max'] : ['p5', 'p95'];
      const stat = (name: string) => ({ var: `stats.${check.field}.${name}` });
      return passWhenMissing([missingLogic('answers', check.field), { '==': [stat(low), null] }], {
        '<=': [stat(low), valueLogic('answers', check.field), stat(high)],
      });
    }
    case 'logic':
      return check.logic;
  }
}

/** The field paths a check reads, in the order the finding is shown beside them. */
export function checkFields(check: DataQualityCheck): string[] {
  switch (check.kind) {
    case 'compare':
      return [check.left, check.right];
    case 'sum':
      return [check.total, ...check.parts];
    case 'change':
    case 'range':
      return [check.field];
    case 'logic':
      return check.fields;
  }
}
