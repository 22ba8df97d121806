import { publicBaseUrl } from '@/server/config/secrets';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API reference · Onboarding service' };

type Op = {
  operationId: string;
  summary: string;
  description?: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { description: string }>;
};

export default function DocsPage() {
  const doc = buildOpenApiDocument(publicBaseUrl());
  const entries = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Op>).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <main className="main" style={{ margin: '0 auto' }}>
      <h1>{doc.info.title}</h1>
      <p>{doc.info.description}</p>
      <p>
        Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI {doc.openapi}).
      </p>
      <nav aria-label="Operations" className="panel">
        <ul>
          {entries.map(({ path, method, op }) => (
            <li key={op.operationId}>
              <a href={`#${op.operationId}`}>
                <code>
                  {method.toUpperCase()} {path}
                </code>
              </a>{' '}
              — {op.summary}
            </li>
          ))}
        </ul>
      </nav>
      {entries.map(({ path, method, op }) => (
        <section key={op.operationId} id={op.operationId} className="panel" aria-labelledby={`${op.operationId}-h`}>
          <h2 id={`${op.operationId}-h`}>
            <code>
              {method.toUpperCase()} {path}
            </code>
          </h2>
          <p>{op.summary}</p>
          {op.description && <p className="muted">{op.description}</p>}
          {op.parameters.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th>Parameter</th>
                  <th>In</th>
                  <th>Required</th>
                  <th>Schema</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                    </td>
                    <td>{p.in}</td>
                    <td>{p.required ? 'yes' : 'no'}</td>
                    <td>
                      <code>{JSON.stringify(p.schema)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {op.requestBody && (
            <>
              <h3>Request body</h3>
              <pre>
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
          <h3>Responses</h3>
          <ul>
            {Object.entries(op.responses).map(([status, r]) => (
              <li key={status}>
                <code>{status}</code> {r.description}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
