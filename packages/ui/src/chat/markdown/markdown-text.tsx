import { type ComponentProps, memo, type ReactNode } from 'react'
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown'
import remend from 'remend'
import remarkGfm from 'remark-gfm'
import { CodeBlock } from './code-block.tsx'
import { limitDepth } from './limit-depth.ts'

type HastNode = { type: string; tagName?: string; value?: string; properties?: { className?: unknown }; children?: HastNode[] }

function textOf(node: HastNode | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}

/** A link that opens in a new tab and tells the page nothing; an unsafe one (`javascript:`, `data:`) is left as text. */
function SafeLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span className="fb-link-text">{children}</span>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

/**
 * An image in a reply is shown as a link to it, never loaded by itself: a model can be led to write
 * an image whose address carries what it read (a prompt injection's way out).
 */
function ImageLink({ src, alt }: ComponentProps<'img'>) {
  const label = alt?.trim() || 'Image'
  return (
    <span className="fb-image">
      <span className="fb-image-kind">Image: </span>
      {typeof src === 'string' && src ? (
        <a href={src} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <span className="fb-link-text">{label}</span>
      )}
    </span>
  )
}

function FencedCode({ node }: { node?: HastNode }) {
  const code = node?.children?.find((child) => child.tagName === 'code')
  const classes = code?.properties?.className
  const language = (Array.isArray(classes) ? classes : []).map(String).find((name) => name.startsWith('language-'))?.slice('language-'.length)
  return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={language} />
}

function Table(props: ComponentProps<'table'>) {
  return (
    <div className="fb-table-scroll">
      <table {...props} />
    </div>
  )
}

const blockComponents: Components = { a: SafeLink, img: ImageLink, pre: FencedCode as Components['pre'], table: Table }

// Inline text (a question, an option's description): emphasis, code and links; no blocks.
const INLINE_ELEMENTS = ['p', 'strong', 'em', 'del', 'code', 'a', 'br']
const inlineComponents: Components = { a: SafeLink, p: ({ children }) => <>{children}</> }
const inlineNoLinks: Components = { p: ({ children }) => <>{children}</> }

const remarkPlugins = [remarkGfm, limitDepth]

/**
 * Renders the Markdown of a reply (GitHub-flavoured: tables, task lists, strikethrough; fenced
 * code with highlighting and Copy). While `streaming`, what is unfinished (`**bol`, an open
 * fence, a half-written link) is closed for the moment, so nothing flickers between raw marks and
 * formatting. Raw HTML is shown as text, never run; links open in a new tab with
 * `rel="noopener noreferrer"` and `javascript:`/`data:` links are left as text; images show as
 * links; nesting deeper than 24 levels is cut with `…`.
 */
export const MarkdownText = memo(function MarkdownText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div className="fb-markdown">
      <Markdown remarkPlugins={remarkPlugins} components={blockComponents} urlTransform={defaultUrlTransform}>
        {streaming ? remend(text, { linkMode: 'text-only' }) : text}
      </Markdown>
    </div>
  )
})

/** `text` with what would start a block (a heading, quote, list item, indented code) escaped, so it reads as inline text. */
function inlineOnly(text: string): string {
  return text.replace(/^[ \t]+/gm, '').replace(/^(#{1,6}\s|>|[-+*]\s|\d+[.)]\s)/gm, '\\$1')
}

/**
 * Markdown inside a line of a card (a question, an option's description): bold, italic, code and,
 * unless `links` is false (text inside a clickable option), links. Blocks are shown as their text.
 */
export function InlineMarkdown({ text, links = true }: { text: string; links?: boolean }): ReactNode {
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      allowedElements={links ? INLINE_ELEMENTS : INLINE_ELEMENTS.filter((name) => name !== 'a')}
      unwrapDisallowed
      components={links ? inlineComponents : inlineNoLinks}
      urlTransform={defaultUrlTransform}
    >
      {inlineOnly(text)}
    </Markdown>
  )
}
