export default function MiniProgramsPage() {
  return (
    <>
      <h1>Mini programs</h1>
      <div className="panel">
        <p>No authorized mini programs yet.</p>
        <p className="muted">
          Mini-program authorization (QR for the seller, code commits, audits and releases) is not available in this
          version of the service yet.
        </p>
      </div>
    </>
  );
}
