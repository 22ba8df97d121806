import { PipelineScreen } from '@/components/mini-programs/pipeline-screen';
import { isMiniProvider } from '@/components/mini-programs/provider-label';

export default async function MiniProgramPipelinePage(props: { params: Promise<{ appId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ appId }, query] = await Promise.all([props.params, props.searchParams]);
  return <PipelineScreen appId={appId} platform={isMiniProvider(query.platform) ? query.platform : undefined} />;
}
