'use client';

import { useEffect, useState } from 'react';

/**
 * Tells a member whose role on this platform changed since their last visit in this browser (an admin demoted or
 * promoted them) why buttons appeared or went away. The role last seen is kept in localStorage per platform.
 */
export function RoleNotice({
  platformId,
  role,
  text,
  dismissLabel,
}: {
  platformId: string;
  role: string;
  text: string;
  dismissLabel: string;
}) {
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    const key = `console-role:${platformId}`;
    try {
      const seen = window.localStorage.getItem(key);
      if (seen !== null && seen !== role) setChanged(true);
      window.localStorage.setItem(key, role);
    } catch {
      // Storage refused (private mode, quota): no notice, nothing else depends on it.
    }
  }, [platformId, role]);
  if (!changed) return null;
  return (
    <div
      role="status"
      data-testid="role-notice"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-warning bg-warning-soft px-3 py-2 text-sm text-warning"
    >
      <span>{text}</span>
      <button type="button" className="underline" onClick={() => setChanged(false)}>
        {dismissLabel}
      </button>
    </div>
  );
}
