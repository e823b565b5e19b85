import { ArticlePage } from '../components/article-page';

export default function WhoAreWePage() {
  return <ArticlePage page="who-are-we" section="whoAreWe" />;
}
