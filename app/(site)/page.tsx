export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-20">
      <h1 className="text-4xl font-semibold tracking-tight">
        <span className="text-[var(--ribbon)]">Ribbon</span> sends gifts people actually want.
      </h1>
      <p className="mt-6 text-lg text-stone-600">
        Your systems call our API; your recipient gets an email or a link and picks their present from a curated
        collection.
      </p>
      <p className="mt-8 text-stone-600">
        The API lives at <code className="rounded bg-stone-200 px-1">/api/v1</code>. Read the{" "}
        <a className="font-medium text-red-800 underline" href="/docs">
          API reference
        </a>{" "}
        for the quick start.
      </p>
    </main>
  );
}
