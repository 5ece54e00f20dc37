import { ErrorFrame } from './ErrorFrame';

/** /404 (spec §2, §8): the address was typed wrongly; back to the home page. Static name notFound. */
export default function NotFoundPage() {
  return <ErrorFrame status="404" titleKey="page_404_title" textKey="msg_page_not_found" />;
}
