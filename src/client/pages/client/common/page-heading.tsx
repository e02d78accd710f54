/** The title of a page of the client area (each page has one level-1 heading). */
export function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {intro && <p className="mt-1 text-slate-700">{intro}</p>}
    </div>
  );
}
