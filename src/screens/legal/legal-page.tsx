import { useTranslation } from 'react-i18next';

export type LegalDoc = 'terms' | 'policy';

export interface LegalBlock {
  subtitle: string;
  text: string;
}

export interface LegalSection {
  title: string;
  blocks: LegalBlock[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBlocks(value: unknown): LegalBlock[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((block: unknown) =>
    isRecord(block) && typeof block.text === 'string'
      ? [{ subtitle: typeof block.subtitle === 'string' ? block.subtitle : '', text: block.text }]
      : [],
  );
}

/**
 * Reads `<doc>.sections` as returned by i18next with `returnObjects`. Anything
 * that is not the expected shape (a missing key comes back as the key string)
 * is dropped, so a broken translation file renders less, never crashes.
 */
export function readSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((section: unknown) =>
    isRecord(section) && typeof section.title === 'string'
      ? [{ title: section.title, blocks: readBlocks(section.blocks) }]
      : [],
  );
}

export function sectionId(doc: LegalDoc, index: number): string {
  return `${doc}-section-${index + 1}`;
}

export interface LegalPageProps {
  doc: LegalDoc;
  /** Where the back link goes; the landing page by default. */
  backHref?: string;
}

/**
 * Terms or privacy policy from the `legal` namespace: title, updated line,
 * intro, a table of contents, then titled sections of subtitled text blocks.
 */
export function LegalPage({ doc, backHref = '/' }: LegalPageProps) {
  const { t } = useTranslation('legal');
  const sections = readSections(t(`${doc}.sections`, { returnObjects: true }) as unknown);
  const titleId = `${doc}-title`;

  return (
    <article className={`legal legal--${doc}`} aria-labelledby={titleId}>
      <header className="legal__header">
        <h1 id={titleId} className="legal__title">
          {t(`${doc}.title`)}
        </h1>
        <p className="legal__updated">{t(`${doc}.updated`)}</p>
        <p className="legal__intro">{t(`${doc}.intro`)}</p>
      </header>

      {sections.length > 0 && (
        <nav className="legal__toc" aria-label={t('page.toc')}>
          <ol className="legal__toc-list">
            {sections.map((section, index) => (
              <li key={sectionId(doc, index)} className="legal__toc-item">
                <a href={`#${sectionId(doc, index)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {sections.map((section, index) => {
        const id = sectionId(doc, index);
        return (
          <section key={id} id={id} className="legal__section">
            <h2 className="legal__section-title">{section.title}</h2>
            {section.blocks.map((block, blockIndex) => (
              // Blocks are static text from the translation file; their order never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: static, ordered content
              <div key={blockIndex} className="legal__block">
                {block.subtitle !== '' && <h3 className="legal__subtitle">{block.subtitle}</h3>}
                <p className="legal__text">{block.text}</p>
              </div>
            ))}
          </section>
        );
      })}

      <p className="legal__back">
        <a href={backHref}>{t('page.back')}</a>
      </p>
    </article>
  );
}
