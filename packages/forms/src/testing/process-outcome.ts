/**
 * For tests that hold our processing of a form against Form.io's: what a run of processors left, as plain
 * values toEqual compares: the answers, the hidden components' paths and each error as "path rule message".
 */
export function processOutcome(data: Record<string, unknown>, scope: Record<string, unknown>) {
  const errors = (
    (scope.errors ?? []) as { ruleName: string; errorKeyOrMessage: string; context: { path: string } }[]
  ).map((e) => `${e.context.path} ${e.ruleName} ${e.errorKeyOrMessage}`);
  return { data, hidden: [...((scope.hidden as Set<string> | undefined) ?? [])], errors };
}
