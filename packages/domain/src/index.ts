export * from './access';
export * from './constants';
export * from './current-user';
export * from './enums';
export * from './messages';
export * from './problem';
export * from './format';
