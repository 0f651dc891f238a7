"""The table network's pure side: topics, messages, settings, the follower log and the publish cursor."""
