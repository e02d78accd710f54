export function ClientLoginPage() {
  return <main className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-bold">Connexion client</h1></main>;
}
