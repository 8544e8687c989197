// zod's core `config` alone (the same global settings as `z.config`): the web app runs this set-up on its
// first page, which must not carry the rest of zod (apps/web/README.md, "Loading").
import { config } from 'zod/v4/core';
import { messages } from './messages';

// A missing value reads as the specification's required message wherever a zod schema is used,
// on the server and in the browser alike. Schemas give their own messages for everything else.
config({
  customError: (issue) => (issue.input === undefined || issue.input === null ? messages.required : undefined),
});
