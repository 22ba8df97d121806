'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Saved · saving (a change waits for its save, or the save is under way) · the save failed · saved elsewhere first. */
export type AutosaveStatus = 'saved' | 'saving' | 'failed' | 'conflict';

/** One save's answer: done, or refused (`conflict`: someone else saved first, so saving stops until a reload). */
export type AutosaveResult<E> = { ok: true } | { ok: false; conflict: boolean; error: E };

export type AutosaveOptions<V extends FieldValues, E> = {
  /** The form whose changes are saved. */
  form: UseFormReturn<V>;
  /** Whether the form holds anything the server does not have yet. */
  hasChanges: () => boolean;
  /** Saves whatever differs now; on success the caller has moved its own baseline to what was saved. */
  save: () => Promise<AutosaveResult<E>>;
  /** Runs after the status has turned to 'failed' (field errors onto the form, a message). */
  onFailure?: (error: E) => void | Promise<void>;
  /** How long typing may pause before a save starts. */
  delayMs: number;
};

/**
 * Debounced saving of a form's values: every change schedules a save once typing pauses; saves run one after
 * another (never two at once), and a save that finds more typed meanwhile saves again before saying "saved".
 * After a conflict nothing more is saved. `flush` saves now, after any save under way, and resolves true once
 * nothing is left unsaved.
 */
export function useAutosave<V extends FieldValues, E>(options: AutosaveOptions<V, E>) {
  const [status, setStatus] = useState<AutosaveStatus>('saved');
  const statusRef = useRef(status);
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  const timer = useRef<number | undefined>(undefined);
  // The latest callbacks: a save scheduled during one render runs with what the newest render knows.
  const latest = useRef(options);
  latest.current = options;
  const { form, delayMs } = options;

  const changeStatus = useCallback((next: AutosaveStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  const flush = useCallback((): Promise<boolean> => {
    const saveOnce = async (): Promise<boolean> => {
      if (statusRef.current === 'conflict') return false;
      if (!latest.current.hasChanges()) {
        changeStatus('saved');
        return true;
      }
      changeStatus('saving');
      const result = await latest.current.save();
      if (!result.ok) {
        if (result.conflict) {
          changeStatus('conflict');
          return false;
        }
        changeStatus('failed');
        await latest.current.onFailure?.(result.error);
        return false;
      }
      // The operator may have typed on while this save was under way.
      if (latest.current.hasChanges()) return saveOnce();
      changeStatus('saved');
      return true;
    };
    window.clearTimeout(timer.current);
    queue.current = queue.current.then(saveOnce, saveOnce);
    return queue.current;
  }, [changeStatus]);

  useEffect(() => {
    const subscription = form.watch(() => {
      if (statusRef.current === 'conflict') return;
      window.clearTimeout(timer.current);
      if (!latest.current.hasChanges()) {
        if (statusRef.current !== 'saving') changeStatus('saved');
        return;
      }
      changeStatus('saving');
      timer.current = window.setTimeout(() => void flush(), delayMs);
    });
    return () => subscription.unsubscribe();
  }, [form, delayMs, flush, changeStatus]);

  return {
    status,
    flush,
    /** The status now, for event handlers and clean-ups that outlive the render they were made in. */
    currentStatus: useCallback(() => statusRef.current, []),
    /** Shows "saving" while the caller waits for something the next save needs (an upload still under way). */
    markSaving: useCallback(() => changeStatus('saving'), [changeStatus]),
  };
}
