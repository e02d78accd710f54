export function AdminPage() {
  return <main className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-bold">Espace staff</h1></main>;
}
