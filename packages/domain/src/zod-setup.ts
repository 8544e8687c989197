import { z } from 'zod';
import { messages } from './messages';

// A missing value reads as the specification's required message wherever a zod schema is used,
// on the server and in the browser alike. Schemas give their own messages for everything else.
z.config({
  customError: (issue) => (issue.input === undefined || issue.input === null ? messages.required : undefined),
});
