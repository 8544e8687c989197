export * from './assign-users';
export * from './duplicates';
export * from './remove-user';
export * from './role-assignment-list';
export * from './toggle-role';
