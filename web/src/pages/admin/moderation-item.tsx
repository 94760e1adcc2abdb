// The parts every moderation card shares (reports, report groups, appeals, content): the post's picture
// and its title, author and dates at the top; the row of decision buttons at the end; and the bar that
// selects cards and decides them together.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPostImage } from '../../api/admin.ts';
import { formatDateTime, relativeTime } from './admin-format.ts';
import { MissingThumb, PostThumb } from './post-thumb.tsx';

/** What a card needs of its post; null when the post is gone. */
export interface ModeratedPost {
  id: string;
  title: string;
  image: AdminPostImage;
  author: { name: string };
}

export interface MetaLine {
  label: string;
  value: ReactNode;
  /** A member's own words (a name): their first letter sets the direction. */
  userText?: boolean;
}

/** The picture, then the body: title with its badges, the author and the given lines, then `children`. */
export function ModerationItemHead({
  post,
  badges,
  meta,
  children,
}: {
  post: ModeratedPost | null;
  badges?: ReactNode;
  meta: MetaLine[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const title = post ? post.title || t('reports.untitled') : '';
  const lines: MetaLine[] = post
    ? [{ label: t('reports.author'), value: post.author.name, userText: true }, ...meta]
    : meta;
  return (
    <>
      {post ? <PostThumb postId={post.id} title={title} image={post.image} /> : <MissingThumb />}
      <div className="mod-item__body">
        <h2 className="mod-item__title">
          {post ? <span dir="auto">{title}</span> : <span>{t('reports.deletedPost')}</span>}
          {badges}
        </h2>
        <dl className="mod-item__meta">
          {lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd dir={line.userText ? 'auto' : undefined}>{line.value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </div>
    </>
  );
}

/** A moment as "3 hours ago", the full date on hover. */
export function RelativeTime({ at }: { at: string }) {
  const { i18n } = useTranslation('admin');
  return (
    <time dateTime={at} title={formatDateTime(at, i18n.language)}>
      {relativeTime(at, i18n.language)}
    </time>
  );
}

export interface DecisionButton {
  label: string;
  /** The accessible name when the label alone would not say which card it decides. */
  ariaLabel?: string;
  /** danger: takes something away; primary: gives something back; ghost: the quiet last choice. */
  tone?: 'danger' | 'primary' | 'ghost';
  icon?: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}

const TONE_CLASS = {
  danger: ' button--danger-quiet',
  primary: ' button--primary',
  ghost: ' button--ghost',
} as const;

function DecisionButtonRow({ buttons, disabled }: { buttons: DecisionButton[]; disabled?: boolean }) {
  return buttons.map((button) => (
    <button
      key={button.label}
      type="button"
      className={`button button--small${button.tone ? TONE_CLASS[button.tone] : ''}`}
      disabled={disabled || button.disabled}
      aria-label={button.ariaLabel}
      onClick={button.onClick}
    >
      {button.icon}
      {button.label}
    </button>
  ));
}

/** A card's decisions, at its end. */
export function DecisionButtons({ buttons, busy }: { buttons: DecisionButton[]; busy?: boolean }) {
  return (
    <div className="mod-item__actions">
      <DecisionButtonRow buttons={buttons} disabled={busy} />
    </div>
  );
}

/** "Select all", how many are chosen, and what can be done to all of them at once. */
export function BulkBar({
  label,
  allChosen,
  onSelectAll,
  count,
  buttons,
}: {
  label: string;
  allChosen: boolean;
  onSelectAll: (on: boolean) => void;
  count: number;
  buttons: DecisionButton[];
}) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="mod-bulk">
      <legend className="visually-hidden">{label}</legend>
      <label className="mod-check">
        <input type="checkbox" checked={allChosen} onChange={(event) => onSelectAll(event.target.checked)} />
        <span>{t('reports.selectAll')}</span>
      </label>
      <span className="mod-bulk__count" aria-live="polite">
        {count > 0 ? t('reports.selected', { count }) : ''}
      </span>
      <div className="mod-bulk__actions">
        <DecisionButtonRow buttons={buttons} />
      </div>
    </fieldset>
  );
}

/** The checkbox that adds one card to the selection. */
export function SelectCheck({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  label: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="mod-check mod-item__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="visually-hidden">{label}</span>
    </label>
  );
}

/** "Hidden", on a card whose post is taken down. */
export function HiddenBadge({ status }: { status: string | undefined }) {
  const { t } = useTranslation('admin');
  return status === 'hidden' ? (
    <span className="admin-badge admin-badge--danger">{t('content.hidden')}</span>
  ) : null;
}
