import { languages } from '@sbo/contracts/constants';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../../components/ui/video-player';
import { textSpans, type NoteType } from '../note-format';
import type { ReleaseNote } from '../release-notes';

const typeColours: Record<NoteType, string> = { new: 'green', fix: 'volcano', improvement: 'blue' };

/** A paragraph's or list item's words, a command or setting named between backticks shown as code. */
function NoteWords({ text }: { text: string }) {
  return textSpans(text).map((span, index) =>
    span.code ? (
      <code key={index} className="release-note-code">
        {span.text}
      </code>
    ) : (
      span.text
    ),
  );
}

/** One release note: its kind, title, words and picture or video. */
export function ReleaseNoteCard({ note, language }: { note: ReleaseNote; language: string }) {
  const { t } = useTranslation();
  const titleId = `release-note-${note.id}`;
  return (
    <Card className="release-note" data-testid="release-note" data-note-id={note.id} data-type={note.type}>
      <article aria-labelledby={titleId}>
        <div className="release-note-head">
          <Tag color={typeColours[note.type]} className="release-note-type">
            {t(`releaseLog.type.${note.type}`)}
          </Tag>
          <h3 id={titleId} className="release-note-title">
            {note.title}
          </h3>
        </div>
        {note.blocks.map((block, index) =>
          block.kind === 'paragraph' ? (
            <p key={index} className="release-note-text">
              <NoteWords text={block.text} />
            </p>
          ) : (
            <ul key={index} className="release-note-list">
              {block.items.map((item) => (
                <li key={item}>
                  <NoteWords text={item} />
                </li>
              ))}
            </ul>
          ),
        )}
        {note.picture ? (
          <figure className="release-note-figure">
            <img src={note.picture} alt={note.media ?? ''} loading="lazy" className="release-note-picture" />
          </figure>
        ) : null}
        {note.video ? (
          <VideoPlayer
            src={note.video.src}
            poster={note.video.poster}
            title={note.media ?? note.title}
            captions={note.video.captions.map((track) => ({
              ...track,
              // Each track is named in its own language, as the language menus name them.
              label: languages.find((entry) => entry.languageCode === track.language)?.title ?? track.language,
            }))}
            captionLanguage={language}
          />
        ) : null}
      </article>
    </Card>
  );
}
