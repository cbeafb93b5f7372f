/** Both static pages are starting points, not legal advice; they say so plainly. */
export function TemplateNotice() {
  return (
    <div className="alert alert-warning" role="note">
      <strong>Template.</strong> This is sample text for this store. Review and adapt it with a
      legal adviser before publishing it to customers.
    </div>
  );
}

export function LastUpdated() {
  return <p className="text-muted small">Template version 1.0</p>;
}
