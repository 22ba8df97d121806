/**
 * A mutation input with the operator's reason for it, when one was given. The console passes it to the actions
 * that are recorded in the platform's audit log (revoking a key, removing a member, releasing and rolling back
 * a mini program); each of those inputs declares `reason: actionReason` (src/schemas), and where a router does
 * not declare it yet its non-strict input drops the extra key instead of refusing the call.
 */
export function withReason<T extends object>(input: T, reason: string | undefined): T {
  return reason ? { ...input, reason } : input;
}
