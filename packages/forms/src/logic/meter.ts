import { LogicLimitError } from './errors';
import { logicLimits } from './limits';

/** Counts the work of one evaluation and refuses what passes a bound (limits.ts). */
export class Meter {
  private steps = 0;

  /** One node visited, or `units` of work. */
  step(units = 1): void {
    this.steps += units;
    if (this.steps > logicLimits.maxSteps) throw new LogicLimitError('maxSteps');
  }

  /** Work proportional to a length (characters or elements): one step per 256. */
  size(length: number): void {
    if (length > 256) this.step(length >>> 8);
  }

  depth(depth: number): void {
    if (depth > logicLimits.maxDepth) throw new LogicLimitError('maxDepth');
  }

  /** A text an operation built: within the bound, and paid for. */
  text(text: string): string {
    if (text.length > logicLimits.maxStringLength) throw new LogicLimitError('maxStringLength');
    this.size(text.length);
    return text;
  }

  /** A list an operation built: within the bound, and paid for. */
  list<T>(list: T[]): T[] {
    if (list.length > logicLimits.maxArrayLength) throw new LogicLimitError('maxArrayLength');
    this.size(list.length);
    return list;
  }

  get used(): number {
    return this.steps;
  }
}
