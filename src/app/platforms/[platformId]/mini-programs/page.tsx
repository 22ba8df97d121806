import { MiniProgramsScreen } from '@/components/mini-programs/mini-programs-screen';

export default function MiniProgramsPage() {
  return <MiniProgramsScreen />;
}
