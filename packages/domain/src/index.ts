import './zod-setup';

export * from './access';
export * from './collection-organisations';
export * from './collections';
export * from './constants';
export * from './current-user';
export * from './enums';
export * from './form-definition';
export * from './format';
export * from './messages';
export * from './organisations';
export * from './problem';
export * from './reporting-periods';
export * from './role-assignments';
export * from './schedules';
export * from './submission-status';
export * from './submissions';
export * from './users';
