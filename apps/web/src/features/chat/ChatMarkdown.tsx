import Markdown from 'react-markdown';

/** Links in answers open outside; only http(s) links are kept. */
const mdComponents = {
  a: ({ href, children }: { href?: string; children?: React.ReactNode }) =>
    href && /^https?:\/\//.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary-600 hover:underline dark:text-primary-400">
        {children}
      </a>
    ) : (
      <span>{children}</span>
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
