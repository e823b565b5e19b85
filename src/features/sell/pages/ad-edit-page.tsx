import { OwnedAdPage } from '../components/owned-ad-page';

export default function AdEditPage() {
  return <OwnedAdPage page="ad-edit" section="edit" />;
}
