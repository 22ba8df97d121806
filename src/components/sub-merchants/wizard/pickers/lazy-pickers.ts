'use client';

import dynamic from 'next/dynamic';

/*
 * The pickers with their code: cmdk and Radix's popover (the searchable bank, branch and MCC lists) and the
 * reference tables they offer. No picker is on the wizard's first step, so they load when a step that has one is
 * first shown (a page opened on such a step still renders them on the server), not with every wizard page.
 */
export const BankPicker = dynamic(() => import('./bank-pickers').then((m) => m.BankPicker));
export const BranchPicker = dynamic(() => import('./bank-pickers').then((m) => m.BranchPicker));
export const MccPicker = dynamic(() => import('./bank-pickers').then((m) => m.MccPicker));
export const IndustryPicker = dynamic(() => import('./industry-picker').then((m) => m.IndustryPicker));
export const RegionPicker = dynamic(() => import('./region-picker').then((m) => m.RegionPicker));
