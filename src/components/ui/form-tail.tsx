'use client';

import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The end of a one-step account form (sign-up, reset password, join with an existing account): the refusal, if
 * any, said as an alert right above the submit button, so the two are read together.
 */
export function FormTail(props: { problem: ReactNode; submitLabel: ReactNode; disabled: boolean }) {
  return (
    <>
      {props.problem && (
        <p role="alert" className="m-0 text-destructive">
          {props.problem}
        </p>
      )}
      <p className="m-0">
        <Button type="submit" disabled={props.disabled}>
          {props.submitLabel}
        </Button>
      </p>
    </>
  );
}
