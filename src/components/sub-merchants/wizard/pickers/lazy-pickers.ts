'use client';

import dynamic from 'next/dynamic';

/*
 * The pickers with their code: cmdk and Radix's popover (the searchable bank, branch and MCC lists) and the
 * reference tables they offer. No picker is on the wizard's first step, so they load when a step that has one is
 * first shown (a page opened on such a step still renders them on the server), not with every wizard page.
 */
// `loading` gives each picker a Suspense boundary of its own: without one (next/dynamic adds none when it renders
// on the server and has no loading view), a picker still loading suspends the whole step, which hides it and takes
// the focus from the field being typed in (the keyboard-only wizard spec lost an arrow key on the account type).
const loading = () => null;
export const BankPicker = dynamic(() => import('./bank-pickers').then((m) => m.BankPicker), { loading });
export const BranchPicker = dynamic(() => import('./bank-pickers').then((m) => m.BranchPicker), { loading });
export const MccPicker = dynamic(() => import('./bank-pickers').then((m) => m.MccPicker), { loading });
export const IndustryPicker = dynamic(() => import('./industry-picker').then((m) => m.IndustryPicker), { loading });
export const RegionPicker = dynamic(() => import('./region-picker').then((m) => m.RegionPicker), { loading });
