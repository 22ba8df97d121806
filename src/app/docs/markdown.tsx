import { Marked } from 'marked';

// Descriptions in the OpenAPI document are our own Markdown (backticks, lists, links). Raw HTML in them is
// dropped rather than trusted, so the page never renders markup the document did not mean as text.
const marked = new Marked({ async: false, gfm: true, breaks: false });
marked.use({ renderer: { html: () => '' } });

/** Markdown from the OpenAPI document, rendered on the server (no Markdown code ships to the browser). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = marked.parse(text) as string;
  return (
    <div
      className={`grid gap-2 text-sm leading-relaxed [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_li]:ml-5 [&_ol]:list-decimal [&_p]:m-0 [&_ul]:list-disc ${className ?? ''}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** One line of Markdown (a summary): inline marks only, no paragraph. */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <span
      className="[&_code]:rounded [&_code]:bg-muted [&_code]:px-1"
      dangerouslySetInnerHTML={{ __html: marked.parseInline(text) as string }}
    />
  );
}
