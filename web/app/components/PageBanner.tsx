type PageBannerProps = { title: string; text?: string | null; group?: string | null };

/** The inner-page title banner: the menu group as an eyebrow, the page title as the h1. */
export function PageBanner({ title, text, group }: PageBannerProps) {
  return (
    <header className="page-banner">
      <div className="page-banner__inner">
        {group ? <p className="page-banner__group">{group}</p> : null}
        <h1 className="page-banner__title">{title}</h1>
        {text ? <p className="page-banner__text">{text}</p> : null}
      </div>
    </header>
  );
}
