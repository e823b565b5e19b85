import { OwnedAdPage } from '../components/owned-ad-page';

export default function AdDraftPage() {
  return <OwnedAdPage page="ad-draft" section="draft" />;
}
