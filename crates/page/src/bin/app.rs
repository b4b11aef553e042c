//! The app's entry point: renders [`quirkat_page::App`] into the page body, or the embed page
//! ([`quirkat_page::components::embed::EmbedPage`]) when the body says it is `embed.html`
//! (`<body data-quirkat="embed">`, written by `cargo xtask offline`).

fn main() {
    let embed = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .and_then(|b| b.get_attribute("data-quirkat"))
        .is_some_and(|v| v == "embed");
    if embed {
        yew::Renderer::<quirkat_page::components::embed::EmbedPage>::new().render();
    } else {
        yew::Renderer::<quirkat_page::App>::new().render();
    }
}
