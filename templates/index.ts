/**
 * The site's templates, as the render stage takes them (src/render/model.ts `Templates`, which
 * test/engine/layers.test.ts holds this module to): the page components the kinds' records name
 * (src/render/kinds/index.ts), plus the layout. NotFound is the 404 page's, a kind no route has
 * (src/render/kinds/not-found.ts); Alias is a redirect page's.
 */
import Alias from "./pages/Alias.tsx";
import Article from "./pages/Article.tsx";
import Author from "./pages/Author.tsx";
import Directory from "./pages/Directory.tsx";
import Home from "./pages/Home.tsx";
import IndexGrid from "./pages/IndexGrid.tsx";
import NotFound from "./pages/NotFound.tsx";
import Recipe from "./pages/Recipe.tsx";
import Search from "./pages/Search.tsx";
import Videos from "./pages/Videos.tsx";

export { Footer, Header, Layout } from "./Layout.tsx";
export { AffiliateBanner, VideoEmbed } from "./components/Media.tsx";
export { FactNotice, FactValue } from "./components/Fact.tsx";
// By the names the kinds' records give them (src/render/kinds/index.ts `template`).
export const pages = { Home, Article, Recipe, Directory, IndexGrid, Videos, Search, Author };
export { Alias, NotFound };
