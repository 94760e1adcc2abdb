// TODO(issue 8): replaced by the real page.
export default function Page() {
  return null;
}
