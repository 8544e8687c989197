/**
 * @dcf/forms: everything about Form.io definitions and answers, pure (no I/O), shared by the API and the
 * web app. See ../README.md. The upload-time checker (`@dcf/forms/convert/check-definition`) parses
 * JavaScript and is server-only; everything here runs in the browser too.
 */
export * from './answers';
export * from './components';
export * from './definition';
export { answerLimits } from './engine/answers-data';
export {
  defaultAnswers,
  evaluateForm,
  evaluateFormForBothModes,
  type FormState,
  formCannotBeChecked,
  type Mode,
} from './engine/evaluate';
export { questionName } from './engine/messages';
export type { UncheckedRule } from './engine/unchecked';
export {
  type ComponentRef,
  type Conversion,
  type DefinitionCheck,
  type DefinitionProblem,
  definitionLimits,
  stripDefinition,
} from './inspect-definition';
export {
  checkLogic,
  LogicError,
  LogicLimitError,
  LogicNoResult,
  LogicUnsupportedError,
  logicLimits,
  supportedOperations,
} from './logic';
export { pagesWithErrors } from './pages';
