import './zod-setup';

export * from './access';
export * from './constants';
export * from './current-user';
export * from './enums';
export * from './format';
export * from './messages';
export * from './problem';
export * from './role-assignments';
export * from './schedules';
export * from './collections';
export * from './form-definition';
export * from './organisations';
export * from './users';
export * from './reporting-periods';
export * from './collection-organisations';
