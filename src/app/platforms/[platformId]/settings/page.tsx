import { SettingsSections } from './settings-sections';

export const metadata = { title: 'Settings · Onboarding console' };

/** Roles come from the layout's membership context; every procedure checks them again on the server. */
export default function SettingsPage() {
  return <SettingsSections />;
}
