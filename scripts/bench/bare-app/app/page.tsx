export default function Page() {
  return <p>ok</p>;
}
