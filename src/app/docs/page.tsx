import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { richText } from '@/components/ui/rich-text';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { requestLocale } from '@/i18n/request-locale';
import type { MessageKey } from '@/i18n/messages/en';
import { translator } from '@/i18n/translate';
import { publicBaseUrl } from '@/server/config/secrets';
import { consoleSession } from '@/server/console-session/console-session';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';
import { curlExample } from './curl-example';
import { FormDataReference } from './form-data-reference';
import { InlineMarkdown, Markdown } from './markdown';

export const dynamic = 'force-dynamic';

/** The tab's title in the page's language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = translator((await consoleSession())?.operator.locale ?? (await requestLocale()));
  return { title: `${t('docs.title')} · ${t('nav.consoleName')}` };
}

type Op = {
  operationId: string;
  summary: string;
  description?: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { description: string }>;
};

/**
 * The API reference from the OpenAPI document (its Markdown rendered, not shown as source) and the formData
 * field reference from the registry. The page's own words follow the operator's language (signed in) or the
 * browser's; the operations' descriptions are the document's, in English like the document itself (marked
 * `lang="en"`; docs/decisions.md). Field names, schema names and enum values are code.
 */
export default async function DocsPage() {
  const locale = (await consoleSession())?.operator.locale ?? (await requestLocale());
  const t = translator(locale);
  const doc = buildOpenApiDocument(operations, publicBaseUrl());
  const entries = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Op>).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <main className="mx-auto grid max-w-5xl min-w-0 gap-4 p-4 sm:p-6 [&>*]:min-w-0" lang={locale}>
      <h1 className="m-0" lang="en">
        {doc.info.title}
      </h1>
      <div lang="en">
        <Markdown text={doc.info.description ?? ''} />
      </div>
      <p className="m-0 text-sm">
        {richText(t('docs.machineReadable'), {
          link: <a href="/v1/openapi.json">/v1/openapi.json</a>,
          version: `OpenAPI ${doc.openapi}`,
        })}
      </p>
      <Card aria-labelledby="operations-h">
        <h2 id="operations-h" className="m-0 text-base">
          {t('docs.operations')}
        </h2>
        <ul className="m-0 grid list-none gap-1 p-0 text-sm">
          {entries.map(({ path, method, op }) => (
            <li key={op.operationId}>
              <a href={`#${op.operationId}`}>
                <code>
                  {method.toUpperCase()} {path}
                </code>
              </a>{' '}
              —{' '}
              <span lang="en">
                <InlineMarkdown text={op.summary} />
              </span>
            </li>
          ))}
          <li>
            <a href="#form-data">{richText(t('docs.formData'))}</a>
          </li>
        </ul>
      </Card>
      {entries.map(({ path, method, op }) => (
        <Card key={op.operationId} id={op.operationId} aria-labelledby={`${op.operationId}-h`}>
          <h2 id={`${op.operationId}-h`} className="m-0 text-base">
            <code>
              {method.toUpperCase()} {path}
            </code>
          </h2>
          <div lang="en" className="grid gap-2">
            <p className="m-0">
              <InlineMarkdown text={op.summary} />
            </p>
            {op.description && <Markdown text={op.description} className="text-muted-foreground" />}
          </div>
          {op.parameters.length > 0 && (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('docs.parameter')}</TableHead>
                  <TableHead>{t('docs.in')}</TableHead>
                  <TableHead>{t('docs.required')}</TableHead>
                  <TableHead>{t('docs.schema')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {op.parameters.map((p) => (
                  <TableRow key={`${p.in}-${p.name}`}>
                    <TableCell>
                      <code>{p.name}</code>
                    </TableCell>
                    <TableCell>{richText(t(`docs.in.${p.in}` as MessageKey))}</TableCell>
                    <TableCell>{p.required ? t('docs.yes') : t('docs.no')}</TableCell>
                    <TableCell>
                      <code className="break-all">{JSON.stringify(p.schema)}</code>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {op.requestBody && (
            <>
              <h3 className="m-0 text-sm">{t('docs.requestBody')}</h3>
              <pre tabIndex={0} className="m-0 max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">
                <code>
                  {JSON.stringify(
                    Object.values(op.requestBody.content)[0]?.example ??
                      Object.values(op.requestBody.content)[0]?.schema,
                    null,
                    2,
                  )}
                </code>
              </pre>
            </>
          )}
          <h3 className="m-0 text-sm">{richText(t('docs.tryIt'))}</h3>
          <pre tabIndex={0} className="m-0 overflow-auto rounded-md bg-muted p-3 text-xs" lang="en">
            <code data-testid="curl">{curlExample(doc.servers?.[0]?.url ?? '', method, path, op)}</code>
          </pre>
          <h3 className="m-0 text-sm">{t('docs.responses')}</h3>
          <ul className="m-0 grid list-none gap-1 p-0 text-sm" lang="en">
            {Object.entries(op.responses).map(([status, r]) => (
              <li key={status}>
                <code>{status}</code> <InlineMarkdown text={r.description} />
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <FormDataReference t={t} locale={locale} />
    </main>
  );
}
