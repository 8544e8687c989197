/**
 * Our JSON Logic (decision 0030): the interpreter, the upload check, the errors and the bounds. See
 * packages/forms/README.md for the operations and what each means.
 */
export { checkLogic } from './check';
export { LogicError, LogicLimitError, LogicNoResult, LogicUnsupportedError } from './errors';
export { applyLogic, assertSupported, measureLogic } from './interpreter';
export { type LogicBound, logicLimits } from './limits';
export { supportedOperations } from './operations';
export { truthy } from './values';
