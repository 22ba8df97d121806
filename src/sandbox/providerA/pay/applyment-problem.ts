/** One PARAM_ERROR, as the upstream reports the first problem it finds. `value` only for non-sensitive fields. */
export type ApplymentProblem = { field: string; message: string; issue: string; value?: unknown };
