import { Children, isValidElement, type ReactNode } from 'react';
import Markdown from 'react-markdown';

/** The plain text at the start of rendered markdown children. */
function leadingText(children: ReactNode): string {
  const first = Children.toArray(children)[0];
  if (typeof first === 'string') return first;
  if (isValidElement<{ children?: ReactNode }>(first)) return leadingText(first.props.children);
  return '';
}

/** The one sources line of an answer (written by the server in the answer's language). */
export const SOURCES_LINE = /^(Sources:|数据来源：)/;

/** Links in answers open outside; only http(s) links are kept; the sources line is set small and muted. */
const mdComponents = {
  a: ({ href, children }: { href?: string; children?: ReactNode }) =>
    href && /^https?:\/\//.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary-600 hover:underline dark:text-primary-400">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  p: ({ children }: { children?: ReactNode }) =>
    SOURCES_LINE.test(leadingText(children)) ? (
      <p className="text-[11px] leading-snug text-muted" data-testid="chat-sources">
        {children}
      </p>
    ) : (
      <p>{children}</p>
    ),
};

/**
 * An assistant answer's markdown (react-markdown, raw HTML skipped). Its own chunk: ChatPanel loads
 * it lazily, the first time an answer is shown, so the coin page does not carry the markdown stack.
 */
export default function ChatMarkdown({ children }: { children: string }) {
  return (
    <Markdown components={mdComponents} skipHtml>
      {children}
    </Markdown>
  );
}
