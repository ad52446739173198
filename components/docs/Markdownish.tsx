import { Fragment } from "react";

/** Renders the little markdown the OpenAPI descriptions use: `code`, **bold** and paragraphs. */
export function Markdownish({
  text,
  className,
  inline = false,
}: {
  text?: string;
  className?: string;
  inline?: boolean;
}) {
  if (!text) return null;
  const Block = inline ? "span" : "p";
  return (
    <>
      {text.split(/\n\n+/).map((paragraph, i) => (
        <Block key={i} className={className}>
          {paragraph.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, j) =>
            part.startsWith("`") ? (
              <code key={j} className="rounded bg-stone-200 px-1 text-[0.9em]">
                {part.slice(1, -1)}
              </code>
            ) : part.startsWith("**") ? (
              <strong key={j}>{part.slice(2, -2)}</strong>
            ) : (
              <Fragment key={j}>{part}</Fragment>
            ),
          )}
        </Block>
      ))}
    </>
  );
}
